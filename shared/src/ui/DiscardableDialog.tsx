import { useState, type ReactNode } from 'react';
// Through 'shared', not a relative path: imported by path, this module is bundled into each remote that
// uses it, and a relative import would bring a second copy of the leave guards, which no form registers with.
import { Dialog, hasUnsavedChanges } from 'shared';

/*
 * Imported by path (shared/src/ui/DiscardableDialog): only signed-in screens' forms use it, and it stays out
 * of the shared chunk every page (/login) loads.
 */

/** The question asked before a dialog's typed form is dropped. */
export interface DiscardTexts {
  title: string;
  message: string;
  keep: string;
  discard: string;
}

/**
 * A dialog holding a form: closing it (×, Escape, the browser's Back) with something typed in the form
 * asks first, as leaving the page would (the form's leave guard says whether anything is typed); `held`
 * (a payment on its way) keeps it open, so that its answer is shown where it was asked for.
 */
export function DiscardableDialog({
  title,
  texts,
  onClose,
  held,
  children,
}: {
  title: string;
  texts: DiscardTexts;
  onClose: () => void;
  held?: () => boolean;
  children: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (held?.()) return;
    if (hasUnsavedChanges()) setAsking(true);
    else onClose();
  };
  return (
    <>
      <Dialog title={title} onClose={requestClose}>
        {children}
      </Dialog>
      {asking ? (
        <Dialog title={texts.title} onClose={() => setAsking(false)}>
          <p>{texts.message}</p>
          <div className="ui-actions">
            <button type="button" className="ui-button ui-button--primary" onClick={() => setAsking(false)}>
              {texts.keep}
            </button>
            <button type="button" className="ui-button ui-button--danger" onClick={onClose}>
              {texts.discard}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
