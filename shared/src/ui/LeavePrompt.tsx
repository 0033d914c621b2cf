import { Dialog } from './Dialog';
import { LEAVE_TEXTS } from './leaveGuard';

/** Asks whether to leave a page whose form has unsaved changes (see useLeaveGuard). */
export function LeavePrompt({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  return (
    <Dialog title={LEAVE_TEXTS.title} onClose={onStay}>
      <p>{LEAVE_TEXTS.message}</p>
      <div className="ui-actions">
        <button type="button" className="ui-button ui-button--primary" onClick={onStay}>
          {LEAVE_TEXTS.stay}
        </button>
        <button type="button" className="ui-button ui-button--danger" onClick={onLeave}>
          {LEAVE_TEXTS.leave}
        </button>
      </div>
    </Dialog>
  );
}
