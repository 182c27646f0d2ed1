/**
 * Keyboard-only driving for browser tests (docs/decisions/027-accessibility.md): Tab to an element by its name, press keys, and
 * keep every Tab stop that shows no focus ring for the test to check.
 */
import type { Page } from 'playwright-core';

export interface Focused {
  name: string;
  tag: string;
  role: string | null;
  /** An outline, or the inputs' 3 px focus shadow. */
  ring: boolean;
}

/** What has focus: its accessible-ish name, and whether it shows a focus ring. Runs in the page. */
export function readFocus(): Focused {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return { name: '', tag: 'BODY', role: null, ring: false };
  const labelled = el.getAttribute('aria-labelledby');
  const name =
    el.getAttribute('aria-label') ??
    (labelled ? document.getElementById(labelled)?.textContent : null) ??
    (el as HTMLInputElement).labels?.[0]?.textContent ??
    el.textContent ??
    '';
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  return { name: name.replace(/\s+/g, ' ').trim(), tag: el.tagName, role: el.getAttribute('role'), ring: outline || style.boxShadow.includes('0px 0px 0px 3px') };
}

/** Keyboard moves and what they found: every focused element without a ring is kept for the test to check. */
export function keyboard(page: Page) {
  const noRing: string[] = [];
  const focused = () => page.evaluate(readFocus);
  return {
    noRing,
    focused,
    /** Presses Tab (Shift+Tab with back) until the focused element's name (and role) matches; at most `max` presses. */
    async tabTo(name: string | RegExp, { back = false, max = 80, role }: { back?: boolean; max?: number; role?: string } = {}) {
      const seen: string[] = [];
      for (let i = 0; i < max; i++) {
        await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
        const f = await focused();
        if (f.tag !== 'BODY' && !f.ring) noRing.push(`${f.tag} "${f.name}"`);
        seen.push(f.name);
        if ((typeof name === 'string' ? f.name === name : name.test(f.name)) && (!role || f.role === role)) return f;
      }
      throw new Error(`Tab never reached "${String(name)}"; it went through: ${seen.join(' | ')}`);
    },
    async press(...keys: string[]) {
      for (const key of keys) await page.keyboard.press(key);
    },
    type: (text: string) => page.keyboard.type(text),
  };
}
