import { PageTitle } from 'shared';

/** Contact Us (filled in by a later issue). */
export default function ContactUsPage() {
  return (
    <div className="ui-page">
      <PageTitle>Contact Us</PageTitle>
    </div>
  );
}
