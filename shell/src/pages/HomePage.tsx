import { PageTitle, useSession } from 'shared';
import { RemoteWidget } from '../components/RemoteWidget';

/** Home: the title plus the role's home blocks, served by the customer or provider remote. */
export default function HomePage() {
  const role = useSession().users?.role;
  return (
    <div className="ui-page">
      <PageTitle>Home</PageTitle>
      {role === 'Provider' ? (
        <RemoteWidget remote="mfe_provider" name="HomeBlocks" />
      ) : (
        <RemoteWidget remote="mfe_customer" name="HomeBlocks" />
      )}
    </div>
  );
}
