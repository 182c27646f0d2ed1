/**
 * The public API endpoints the docs page documents (the list of docs/api.md §1), with their request fields.
 * endpoints.test.ts checks this list against the server's own /api/openapi.json both ways: every
 * served /api/v1/crypto operation that takes an API key is here (at its /api/v1 path, not its deprecated alias), and every one here that the server
 * serves has exactly these request fields. An entry a server does not serve (an older deployment)
 * is shown as "coming soon": the page reads the live OpenAPI document to decide.
 *
 * The texts shown for each endpoint are ours, not the OpenAPI document's: they come from the `apiDocs`
 * catalogue when the page renders, so a language switch shows them anew (docs/decisions/041).
 */

import { i18n } from '../../i18n/index.ts';
import { QES2_BY_MODE, QES2_MODES, SCHEME_IDS, type PerScheme, type Qes2Mode, type SchemeId } from '../../../../shared/schemes.ts';

/** The tab of the account's ML-KEM-768 encryption keys (docs/decisions/054): not a signing scheme, so not in the registry. */
export const ML_KEM_TAB = 'ml-kem-768';
export type AlgorithmTab = SchemeId | typeof ML_KEM_TAB;

/** A text in the reader's language, looked up when the page renders. */
export type Text = () => string;

export interface RequestField {
  name: string;
  required: boolean;
  description: Text;
}

export interface DocumentedEndpoint {
  tab: AlgorithmTab;
  method: 'POST';
  /** As the OpenAPI document spells it ({keyId} for a path parameter). */
  path: string;
  summary: Text;
  fields: RequestField[];
  returns: Text;
}

/** Each scheme's name on the docs page (a scheme without one fails to compile); its tab label and blurb are in the catalogue. */
const TAB_NAMES: PerScheme<string> & { [ML_KEM_TAB]: string } = {
  dilion: 'Dilion', 'qes2-ecdsa': 'QES2 ECDSA', 'qes2-schnorr': 'QES2 Schnorr', 'zk-fidna': 'zk-FIDNA', [ML_KEM_TAB]: 'ML-KEM-768',
};

export interface AlgorithmTabText {
  value: AlgorithmTab;
  label: string;
  name: string;
  blurb: string;
}

/** The tabs in the reader's language; call it when rendering. */
export function tabs(): AlgorithmTabText[] {
  return [...SCHEME_IDS, ML_KEM_TAB as AlgorithmTab].map((value) => ({
    value,
    label: i18n.t(`apiDocs:tabs.${value}.label`),
    name: TAB_NAMES[value],
    blurb: i18n.t(`apiDocs:tabs.${value}.blurb`),
  }));
}

/** How the docs name each QES2 mode's secp256k1 half (algorithm names, the same in every language). */
const SECP_HALF: { readonly [M in Qes2Mode]: string } = { ecdsa: 'ECDSA (RFC 6979, low-S)', schnorr: 'BIP-340 Schnorr' };

const messageToSign: RequestField = { name: 'message', required: true, description: () => i18n.t('apiDocs:endpoints.fields.messageToSign') };
const messageSigned: RequestField = { name: 'message', required: true, description: () => i18n.t('apiDocs:endpoints.fields.messageSigned') };
const signature: RequestField = { name: 'signature', required: true, description: () => i18n.t('apiDocs:endpoints.fields.signature') };

function qes2(mode: Qes2Mode): DocumentedEndpoint[] {
  const { id, apiPath, keyAlgorithm } = QES2_BY_MODE[mode];
  return [
    {
      tab: id,
      method: 'POST',
      path: `/api/v1/crypto/${apiPath}/sign`,
      summary: () => i18n.t('apiDocs:endpoints.qes2Sign.summary', { half: SECP_HALF[mode] }),
      fields: [
        messageToSign,
        { name: 'context', required: false, description: () => i18n.t('apiDocs:endpoints.qes2Sign.context') },
        { name: 'keyId', required: false, description: () => i18n.t('apiDocs:endpoints.qes2Sign.keyId', { keyAlgorithm }) },
      ],
      returns: () => i18n.t('apiDocs:endpoints.qes2Sign.returns'),
    },
    {
      tab: id,
      method: 'POST',
      path: `/api/v1/crypto/${apiPath}/verify`,
      summary: () => i18n.t('apiDocs:endpoints.qes2Verify.summary'),
      fields: [
        messageSigned,
        signature,
        { name: 'publicKey', required: false, description: () => i18n.t('apiDocs:endpoints.qes2Verify.publicKey') },
        { name: 'keyId', required: false, description: () => i18n.t('apiDocs:endpoints.qes2Verify.keyId') },
        { name: 'keyVersion', required: false, description: () => i18n.t('apiDocs:endpoints.qes2Verify.keyVersion') },
        { name: 'context', required: false, description: () => i18n.t('apiDocs:endpoints.qes2Verify.context') },
      ],
      returns: () => i18n.t('apiDocs:endpoints.qes2Verify.returns'),
    },
  ];
}

export const ENDPOINTS: DocumentedEndpoint[] = [
  {
    tab: 'dilion',
    method: 'POST',
    path: '/api/v1/crypto/dilion/sign',
    summary: () => i18n.t('apiDocs:endpoints.dilionSign.summary'),
    fields: [
      messageToSign,
      { name: 'sid', required: false, description: () => i18n.t('apiDocs:endpoints.dilionSign.sid') },
      { name: 'uid', required: false, description: () => i18n.t('apiDocs:endpoints.dilionSign.uid') },
      { name: 'keyId', required: false, description: () => i18n.t('apiDocs:endpoints.dilionSign.keyId') },
      { name: 'includePidOpening', required: false, description: () => i18n.t('apiDocs:endpoints.dilionSign.includePidOpening') },
    ],
    returns: () => i18n.t('apiDocs:endpoints.dilionSign.returns'),
  },
  {
    tab: 'dilion',
    method: 'POST',
    path: '/api/v1/crypto/dilion/verify',
    summary: () => i18n.t('apiDocs:endpoints.dilionVerify.summary'),
    fields: [
      messageSigned,
      signature,
      { name: 'publicKey', required: true, description: () => i18n.t('apiDocs:endpoints.dilionVerify.publicKey') },
      { name: 'sid', required: false, description: () => i18n.t('apiDocs:endpoints.dilionVerify.sid') },
      { name: 'uid', required: false, description: () => i18n.t('apiDocs:endpoints.dilionVerify.uid') },
      { name: 'pidCipher', required: false, description: () => i18n.t('apiDocs:endpoints.dilionVerify.pidCipher') },
      { name: 'pidOpening', required: false, description: () => i18n.t('apiDocs:endpoints.dilionVerify.pidOpening') },
    ],
    returns: () => i18n.t('apiDocs:endpoints.dilionVerify.returns'),
  },
  ...QES2_MODES.flatMap(qes2),
  {
    tab: 'zk-fidna',
    method: 'POST',
    path: '/api/v1/crypto/zk-fidna/prove',
    summary: () => i18n.t('apiDocs:endpoints.zkProve.summary'),
    fields: [
      { name: 'secretValue', required: true, description: () => i18n.t('apiDocs:endpoints.zkProve.secretValue') },
      { name: 'balanceValue', required: false, description: () => i18n.t('apiDocs:endpoints.zkProve.balanceValue') },
      { name: 'circuitType', required: false, description: () => i18n.t('apiDocs:endpoints.zkProve.circuitType') },
      { name: 'min', required: false, description: () => i18n.t('apiDocs:endpoints.zkProve.min') },
      { name: 'max', required: false, description: () => i18n.t('apiDocs:endpoints.zkProve.max') },
      { name: 'context', required: false, description: () => i18n.t('apiDocs:endpoints.zkProve.context') },
      { name: 'keyId', required: false, description: () => i18n.t('apiDocs:endpoints.zkProve.keyId') },
    ],
    returns: () => i18n.t('apiDocs:endpoints.zkProve.returns'),
  },
  {
    tab: 'zk-fidna',
    method: 'POST',
    path: '/api/v1/crypto/zk-fidna/verify',
    summary: () => i18n.t('apiDocs:endpoints.zkVerify.summary'),
    fields: [
      { name: 'proof', required: true, description: () => i18n.t('apiDocs:endpoints.zkVerify.proof') },
      { name: 'publicInput', required: false, description: () => i18n.t('apiDocs:endpoints.zkVerify.publicInput') },
      { name: 'publicSignals', required: false, description: () => i18n.t('apiDocs:endpoints.zkVerify.publicSignals') },
      { name: 'circuitType', required: false, description: () => i18n.t('apiDocs:endpoints.zkVerify.circuitType') },
    ],
    returns: () => i18n.t('apiDocs:endpoints.zkVerify.returns'),
  },
  {
    tab: 'zk-fidna',
    method: 'POST',
    path: '/api/v1/crypto/zk-fidna/verify-batch',
    summary: () => i18n.t('apiDocs:endpoints.zkVerifyBatch.summary'),
    fields: [{ name: 'items', required: true, description: () => i18n.t('apiDocs:endpoints.zkVerifyBatch.items') }],
    returns: () => i18n.t('apiDocs:endpoints.zkVerifyBatch.returns'),
  },
  mlKem('seal', [['plaintext', true], ['aad', false], ['info', false]]),
  mlKem('open', [['enc', true], ['ciphertext', true], ['aad', false], ['info', false], ['keyVersion', false]]),
  mlKem('generate-data-key', []),
  mlKem('encapsulate', []),
  mlKem('decapsulate', [['ciphertext', true, 'kemCiphertext'], ['keyVersion', false]]),
];

/** The encryption calls on one of the account's ML-KEM-768 keys, each metered like a sign call. */
function mlKem(action: 'encapsulate' | 'decapsulate' | 'seal' | 'open' | 'generate-data-key', fields: [name: string, required: boolean, text?: string][]): DocumentedEndpoint {
  const key = action === 'generate-data-key' ? 'kemGenerateDataKey' : `kem${action[0]!.toUpperCase()}${action.slice(1)}`;
  return {
    tab: ML_KEM_TAB,
    method: 'POST',
    path: `/api/v1/keys/{keyId}/${action}`,
    summary: () => i18n.t(`apiDocs:endpoints.${key}.summary` as 'apiDocs:endpoints.kemSeal.summary'),
    fields: fields.map(([name, required, text]) => ({ name, required, description: () => i18n.t(`apiDocs:endpoints.kemFields.${text ?? name}` as 'apiDocs:endpoints.kemFields.plaintext') })),
    returns: () => i18n.t(`apiDocs:endpoints.${key}.returns` as 'apiDocs:endpoints.kemSeal.returns'),
  };
}

export function endpointsFor(tab: AlgorithmTab): DocumentedEndpoint[] {
  return ENDPOINTS.filter((e) => e.tab === tab);
}
