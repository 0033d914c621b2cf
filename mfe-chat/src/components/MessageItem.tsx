import { useId, useState, type ReactNode } from 'react';
import { assetUrl, type Message, type MessageType } from 'shared';
import { formatDateShort } from 'shared/src/format';
import { downloadFile } from '../lib/download';
import { formatFileSize } from '../lib/fileSize';

/** Said under a file that could not be downloaded; the link stays to try again. */
export const DOWNLOAD_FAILED = (reason: string) => `The file could not be downloaded: ${reason}. Choose it to try again.`;

/** What one bubble shows: a confirmed message, or one sent from here that is on its way or failed. */
export interface MessageView {
  key: string;
  mine: boolean;
  message: string;
  message_type: MessageType;
  /** URL of the stored file (confirmed messages), or a local preview of the file being sent. */
  fileUrl: string | null;
  fileName: string | null;
  fileSize: number | null;
  createdAt: string;
  status: 'sent' | 'sending' | 'failed';
  error?: string;
  /** A failed message that sending again cannot fix offers Edit only. */
  retryable?: boolean;
}

export function viewOfMessage(m: Message, myId: number | undefined): MessageView {
  return {
    key: `m${m.id}`,
    mine: m.from_id === myId,
    message: m.message,
    message_type: m.message_type,
    fileUrl: assetUrl(m.attachment ?? null),
    fileName: m.attachment_name ?? null,
    fileSize: m.attachment_size ?? null,
    createdAt: m.created_at,
    status: 'sent',
  };
}

export interface MessageItemProps {
  view: MessageView;
  /** The other person's name, read out for their messages. */
  otherName: string;
  onRetry?: () => void;
  onEdit?: () => void;
  /** A picture finished loading (the pane stays at the newest). */
  onMediaLoad?: () => void;
  /** From an older page: not said as it is added to the live list. */
  quiet?: boolean;
}

function Attachment({ view, onMediaLoad }: Pick<MessageItemProps, 'view' | 'onMediaLoad'>) {
  const name = view.fileName || (view.message_type === 'photo' ? 'Photo' : 'Attachment');
  if (view.message_type === 'photo') {
    const alt = view.fileName ? `Photo ${view.fileName}` : 'Photo';
    if (!view.fileUrl) return <span className="chat-file">{alt}</span>;
    return (
      <a className="chat-photo" href={view.fileUrl} target="_blank" rel="noopener noreferrer" title="Open the photo full size">
        <img src={view.fileUrl} alt={alt} onLoad={onMediaLoad} />
      </a>
    );
  }
  const size = formatFileSize(view.fileSize);
  const label = (
    <>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {/* One run of text: a long name wraps under itself and the size follows it, never squeezed to a letter a line. */}
      <span className="chat-file__label">
        <span className="chat-file__name">{name}</span>
        {size ? (
          <>
            {' '}
            <span className="chat-file__size">({size})</span>
          </>
        ) : null}
      </span>
    </>
  );
  if (!view.fileUrl || view.status !== 'sent') return <span className="chat-file">{label}</span>;
  return <FileLink url={view.fileUrl} name={name} label={label} />;
}

/**
 * A stored file's link: a click downloads it under its name, once at a time, saying so while it comes
 * (a file may be 5 MB on a slow line), and why when it cannot; clicking again tries again.
 */
function FileLink({ url, name, label }: { url: string; name: string; label: ReactNode }) {
  const [download, setDownload] = useState<{ status: 'idle' | 'downloading' } | { status: 'failed'; reason: string }>({
    status: 'idle',
  });
  const errorId = useId();
  const failed = download.status === 'failed';
  return (
    <>
      <a
        className="chat-file"
        href={url}
        download={name}
        aria-busy={download.status === 'downloading' || undefined}
        aria-describedby={failed ? errorId : undefined}
        onClick={(event) => {
          event.preventDefault();
          if (download.status === 'downloading') return;
          setDownload({ status: 'downloading' });
          downloadFile(url, name).then(
            () => setDownload({ status: 'idle' }),
            (error: unknown) => {
              console.error(error);
              setDownload({ status: 'failed', reason: error instanceof Error ? error.message : String(error) });
            },
          );
        }}
      >
        {label}
      </a>
      {download.status === 'downloading' ? (
        <span className="chat-file__status" role="status">
          Downloading…
        </span>
      ) : null}
      {failed ? (
        <span id={errorId} className="chat-file__status chat-file__status--error" role="alert">
          {DOWNLOAD_FAILED(download.reason)}
        </span>
      ) : null}
    </>
  );
}

/** One message: mine or theirs, its content (text, photo, file link) and time; sending or failed with Retry. */
export function MessageItem({ view, otherName, onRetry, onEdit, onMediaLoad, quiet = false }: MessageItemProps) {
  const hasFile = view.message_type !== 'text';
  return (
    <li
      className={`chat-message chat-message--${view.mine ? 'mine' : 'theirs'}${view.status !== 'sent' ? ` chat-message--${view.status}` : ''}`}
      aria-busy={view.status === 'sending' || undefined}
      // An older page added to the live log is history, not news: screen readers do not read it out.
      aria-live={quiet ? 'off' : undefined}
    >
      <div className="chat-bubble">
        <span className="ui-visually-hidden">{view.mine ? 'You:' : `${otherName}:`}</span>
        {hasFile ? <Attachment view={view} onMediaLoad={onMediaLoad} /> : null}
        {view.message ? (
          <p className="chat-text" dir="auto">
            {view.message}
          </p>
        ) : null}
      </div>
      <div className="chat-meta">
        <time dateTime={view.createdAt}>{formatDateShort(view.createdAt)}</time>
        {view.status === 'sending' ? <span className="chat-status"> · Sending…</span> : null}
      </div>
      {view.status === 'failed' ? (
        <div className="chat-failed" role="alert">
          <span>Not sent: {view.error}</span>
          <span className="chat-failed__actions">
            {onRetry ? (
              <button type="button" className="chat-link-button" onClick={onRetry}>
                Retry
              </button>
            ) : null}
            {onEdit ? (
              <button type="button" className="chat-link-button" onClick={onEdit}>
                Edit
              </button>
            ) : null}
          </span>
        </div>
      ) : null}
    </li>
  );
}
