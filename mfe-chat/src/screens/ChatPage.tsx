import { PlaceholderPage } from 'shared';

/** Chat (/chatview/:username?): filled in by a later issue. */
export default function ChatPage() {
  return <PlaceholderPage title="Chat" />;
}
