import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blocksOf, inlines, sectionOf } from './markdown.ts';

describe('the Privacy and Terms pages’ reading of docs/product.md', () => {
  it('reads headings, paragraphs, and bullets whose lines wrap', () => {
    const blocks = blocksOf('## 11. Privacy\n\nKept by the\noperator.\n\n### What is kept\n\n- **Account**: email,\n  name.\n- `pq.sid`: a cookie.\nAfter.');
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Privacy' },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'Kept by the operator.' }] },
      { kind: 'heading', level: 2, text: 'What is kept' },
      { kind: 'list', items: [
        [{ kind: 'bold', text: 'Account' }, { kind: 'text', text: ': email, name.' }],
        [{ kind: 'code', text: 'pq.sid' }, { kind: 'text', text: ': a cookie.' }],
      ] },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'After.' }] },
    ]);
  });

  it('shows markup it does not know as text, never as HTML', () => {
    expect(inlines('<script>x</script> and *one star*')).toEqual([{ kind: 'text', text: '<script>x</script> and *one star*' }]);
  });

  it('finds the privacy section of the product document, and only it', () => {
    const section = sectionOf(readFileSync(new URL('../../../../docs/product.md', import.meta.url), 'utf8'), 'Privacy');
    const blocks = blocksOf(section);
    expect(blocks[0]).toEqual({ kind: 'heading', level: 1, text: 'Privacy' });
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.kind === 'heading' && b.text)).toEqual(['Privacy', 'What is kept', 'Cookies', 'What you control']);
    expect(section).not.toContain('## 10.');
    expect(section).not.toContain('Terms of service');
    // What is kept and for how long, who processes payments, and how to delete the account.
    const text = section.replace(/\s+/g, ' ');
    for (const fact of ['Kept until you delete the account', 'Kept until you delete the key or the account', 'PayPal processes every payment', '**Delete account**, with your password']) {
      expect(text, fact).toContain(fact);
    }
  });

  it('finds the terms of service, with every topic a customer needs and no promise of a service level', () => {
    const section = sectionOf(readFileSync(new URL('../../../../docs/product.md', import.meta.url), 'utf8'), 'Terms of service');
    const blocks = blocksOf(section);
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.kind === 'heading' && b.text)).toEqual([
      'Terms of service', 'The service', 'Your account', 'API keys and their secrets', 'Plans, allowances, overage and spending limits',
      'Payment', 'Acceptable use', 'Availability', 'Liability', 'Ending your account', 'Changes to these terms', 'Contact',
    ]);
    const text = section.replace(/\s+/g, ' ');
    for (const fact of ['100 API calls in total', '$0.01', 'Spending limit', 'processed by PayPal', 'no service-level agreement', '**Your data**', '`/contact`', '`/terms`']) {
      expect(text, fact).toContain(fact);
    }
    expect(text).not.toMatch(/24\/7|99\.9|guarantee/i);
  });
});
