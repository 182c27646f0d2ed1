/** The badge and note that mark something designed but not built (see zkFidna.ts). */
import type { ReactNode } from 'react';
import './in-development.css';

export function DevBadge({ children = 'In development' }: { children?: ReactNode }) {
  return <span className="badge badge-dev">{children}</span>;
}

export function DevNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="dev-note" role="note" data-testid={testId}>
      {children}
    </p>
  );
}
