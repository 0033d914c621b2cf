import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';

/** A titled page for a screen that a later issue fills in: never a blank screen. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="ui-page">
      <PageTitle>{title}</PageTitle>
      <div className="ui-card ui-placeholder">{children ?? <p>This screen is being prepared.</p>}</div>
    </div>
  );
}
