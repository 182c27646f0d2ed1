/**
 * Tabs whose panels stay mounted once visited, so a running benchmark or a signature survives a
 * look at another tab. A panel is first rendered when its tab is first chosen (the benchmark's
 * chart library is not fetched until then).
 */
import * as RadixTabs from '@radix-ui/react-tabs';
import { useState, type ReactNode } from 'react';
import type { TabDef } from '../components/ui/Tabs.tsx';

export function KeepTabs(props: { tabs: TabDef[]; defaultValue: string; label: string; listClassName?: string; onValueChange?: (value: string) => void }) {
  const { tabs, defaultValue, label, listClassName = '', onValueChange } = props;
  const [value, setValue] = useState(defaultValue);
  const [visited, setVisited] = useState<Set<string>>(() => new Set([defaultValue]));
  const choose = (next: string) => {
    setValue(next);
    onValueChange?.(next);
    setVisited((v) => (v.has(next) ? v : new Set(v).add(next)));
  };
  return (
    <RadixTabs.Root value={value} onValueChange={choose}>
      <RadixTabs.List className={`tabs-list ${listClassName}`} aria-label={label}>
        {tabs.map((t) => (
          <RadixTabs.Trigger key={t.value} value={t.value} className="tabs-trigger">
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((t) => (
        <RadixTabs.Content key={t.value} value={t.value} className="tabs-content keep-tab" forceMount>
          {visited.has(t.value) ? (t.content as ReactNode) : null}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
