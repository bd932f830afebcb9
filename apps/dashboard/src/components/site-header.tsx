import Link from 'next/link';
import { fetchMe, type SignedInAccount } from '../lib/account';
import { serverRequester } from '../lib/server-api';
import { SignOutButton } from './sign-out-button';

async function currentAccount(): Promise<SignedInAccount | null> {
  try {
    return await fetchMe(await serverRequester());
  } catch {
    // The header never fails a page: the page itself reports an unreachable API.
    return null;
  }
}

export async function SiteHeader() {
  const account = await currentAccount();
  return (
    <header className="site-header">
      <div className="inner">
        <Link href="/" className="brand">
          Corbeille<small>referee &amp; record-keeper</small>
        </Link>
        <nav aria-label="Main">
          <Link href="/">Games</Link>
          <Link href="/leagues">Leagues and classes</Link>
          {account !== null ? <Link href="/account/tokens">API tokens</Link> : null}
        </nav>
        <div className="account" data-testid="account">
          {account !== null ? (
            <>
              <span title={account.email}>
                Signed in as <strong>{account.displayName}</strong>
              </span>
              <SignOutButton />
            </>
          ) : (
            <Link href="/sign-in">Sign in</Link>
          )}
        </div>
      </div>
    </header>
  );
}
