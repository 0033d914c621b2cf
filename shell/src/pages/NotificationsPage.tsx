import { PageTitle } from 'shared';

/** Your Notifications (filled in by a later issue). */
export default function NotificationsPage() {
  return (
    <div className="ui-page">
      <PageTitle>Your Notifications</PageTitle>
    </div>
  );
}
