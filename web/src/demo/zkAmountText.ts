/**
 * The zk-FIDNA amount refusals in the page's language (docs/decisions/041). Both provers refuse a
 * wrong amount with shared/zk-amount.ts's English sentence, the API's own message. The page runs the
 * same check on the values it sent and, where the refusal carries that exact sentence, puts the
 * catalogue's sentence for the same fault in its place; any other message is shown as it came.
 */
import { ZK_MAX_AMOUNT, zkAmountFault, zkAmountSentence, type ZkAmountName } from '../../../shared/zk-amount.ts';
import { i18n } from '../i18n/index.ts';

const NAMES: ZkAmountName[] = ['secretValue', 'balanceValue'];

/** `message` with the sentence for a fault of the amounts sent said in the page's language. */
export function amountRefusal(message: string, sent: Partial<Record<ZkAmountName, unknown>>): string {
  for (const name of NAMES) {
    const fault = zkAmountFault(sent[name], name);
    if (!fault) continue;
    const english = zkAmountSentence(fault, name);
    if (!message.includes(english)) continue;
    const max = fault === 'unsafe_number' ? String(Number.MAX_SAFE_INTEGER) : String(ZK_MAX_AMOUNT);
    return message.replace(english, i18n.t(`demo:amount.${name}.${fault}`, { max }));
  }
  return message;
}
