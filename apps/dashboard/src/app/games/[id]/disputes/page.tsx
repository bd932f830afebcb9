import type { Metadata } from 'next';
import Link from 'next/link';
import { DisputeList } from '../../../../components/dispute-list';
import { DisputeSettingsToggle } from '../../../../components/dispute-settings-toggle';
import { API_HINT, ErrorNotice } from '../../../../components/error-notice';
import { requireAccount } from '../../../../lib/account';
import { fetchDisputes, type DisputeSummary } from '../../../../lib/disputes';
import { describeError } from '../../../../lib/graphql';

type Params = Promise<{ id: string }>;

export const metadata: Metadata = { title: 'Disputes of a game' };

const SETTINGS_QUERY = `query DashboardDisputeSettings($gameId: ID!) { disputeSettings(gameId: $gameId) { pauseOnDispute } }`;

export default async function GameDisputesPage({ params }: { params: Params }) {
  const { id } = await params;
  const base = `/games/${encodeURIComponent(id)}`;
  const { request } = await requireAccount(`${base}/disputes`);
  let disputes: DisputeSummary[];
  let pauseOnDispute = false;
  try {
    disputes = await fetchDisputes(request, { gameId: id });
    pauseOnDispute = (await request<{ disputeSettings: { pauseOnDispute: boolean } }>(SETTINGS_QUERY, { gameId: id })).disputeSettings.pauseOnDispute;
  } catch (error) {
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <ol>
          <li>
            <Link href={base}>{id}</Link>
          </li>
          <li aria-current="page">Disputes</li>
        </ol>
      </nav>
      <h1>Disputes of {id}</h1>
      <p className="muted">
        Oldest first. To open one, pick the event in the <Link href={`${base}/events`}>audit trail</Link>.
      </p>
      <section className="panel">
        <DisputeList disputes={disputes} showGame={false} />
      </section>
      <section className="panel" aria-labelledby="dispute-settings-title">
        <h2 id="dispute-settings-title">Settings</h2>
        <DisputeSettingsToggle gameId={id} initial={pauseOnDispute} />
      </section>
    </>
  );
}
