/**
 * The managed-key endpoints the docs page documents beside the algorithm tabs (decision 053:
 * docs/decisions/053-signing-by-digest-and-in-batches.md): sign, verify and sign-batch on one of
 * the account's signing keys, with their request fields, checked against the server's OpenAPI
 * document like the tabs' endpoints (endpoints.test.ts). Texts come from the `apiDocs` catalogue.
 */
import { i18n } from '../../i18n/index.ts';
import type { DocumentedEndpoint, RequestField } from './endpoints.ts';

export type KeyEndpoint = Omit<DocumentedEndpoint, 'tab'>;

type FieldName = 'message' | 'messageType' | 'digestAlgorithm' | 'context' | 'signature' | 'keyVersion' | 'items';

const field = (name: FieldName, required: boolean): RequestField => ({ name, required, description: () => i18n.t(`apiDocs:keys.fields.${name}`) });

const signFields = [field('message', true), field('messageType', true), field('digestAlgorithm', false), field('context', false)];

export const KEY_ENDPOINTS: KeyEndpoint[] = [
  {
    method: 'POST',
    path: '/api/v1/keys/{keyId}/sign',
    summary: () => i18n.t('apiDocs:keys.sign.summary'),
    fields: signFields,
    returns: () => i18n.t('apiDocs:keys.sign.returns'),
  },
  {
    method: 'POST',
    path: '/api/v1/keys/{keyId}/verify',
    summary: () => i18n.t('apiDocs:keys.verify.summary'),
    fields: [...signFields, field('signature', true), field('keyVersion', false)],
    returns: () => i18n.t('apiDocs:keys.verify.returns'),
  },
  {
    method: 'POST',
    path: '/api/v1/keys/{keyId}/sign-batch',
    summary: () => i18n.t('apiDocs:keys.signBatch.summary'),
    fields: [field('items', true)],
    returns: () => i18n.t('apiDocs:keys.signBatch.returns'),
  },
];
