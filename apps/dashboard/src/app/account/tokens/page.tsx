import type { Metadata } from 'next';
import { API_HINT, ErrorNotice } from '../../../components/error-notice';
import { TokensManager } from '../../../components/tokens-manager';
import { requireAccount } from '../../../lib/account';
import { describeError } from '../../../lib/graphql';
import { TOKENS_QUERY, type ApiToken } from '../../../lib/tokens';

export const metadata: Metadata = { title: 'API tokens' };

export default async function TokensPage() {
  const { request, account } = await requireAccount('/account/tokens');
  let tokens: readonly ApiToken[];
  try {
    tokens = (await request<{ apiTokens: ApiToken[] }>(TOKENS_QUERY)).apiTokens;
  } catch (error) {
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  return (
    <>
      <h1>API tokens</h1>
      <p className="muted">
        Tokens of {account.displayName} ({account.email}) for scripts and bots: send one as <code>Authorization: Bearer &lt;token&gt;</code>. A token
        can do at most what its scopes allow; a revoked token is refused at once.
      </p>
      <TokensManager initial={tokens} />
    </>
  );
}
