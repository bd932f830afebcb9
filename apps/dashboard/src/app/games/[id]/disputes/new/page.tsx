import type { Metadata } from 'next';
import Link from 'next/link';
import { OpenDisputeForm } from '../../../../../components/open-dispute-form';
import { requireAccount } from '../../../../../lib/account';
import { parsePosition } from '../../../../../lib/replay-navigation';

type Params = Promise<{ id: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export const metadata: Metadata = { title: 'Open a dispute' };

export default async function NewDisputePage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { id } = await params;
  const search = await searchParams;
  const revision = parsePosition(search['revision']);
  const position = parsePosition(search['position']);
  const type = typeof search['type'] === 'string' ? search['type'] : null;
  const base = `/games/${encodeURIComponent(id)}`;
  await requireAccount(`${base}/disputes/new?revision=${revision ?? ''}${position !== null ? `&position=${position}` : ''}${type !== null ? `&type=${encodeURIComponent(type)}` : ''}`);
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <ol>
          <li>
            <Link href={base}>{id}</Link>
          </li>
          <li>
            <Link href={`${base}/disputes`}>Disputes</Link>
          </li>
          <li aria-current="page">New</li>
        </ol>
      </nav>
      <h1>Dispute an event of {id}</h1>
      {revision === null ? (
        <div className="notice error" role="alert">
          <p>
            Choose the event to dispute from the <Link href={`${base}/events`}>audit trail</Link>.
          </p>
        </div>
      ) : (
        <div className="panel narrow">
          <p>
            The event at revision <strong className="mono">{revision}</strong>
            {type !== null ? (
              <>
                {' '}
                (<span className="mono">{type}</span>)
              </>
            ) : null}
            {position !== null ? (
              <>
                {' '}
                · <Link href={`${base}/replay?position=${position}`}>see it in the replay</Link>
              </>
            ) : null}
            . Seated players and the game&apos;s referee may open a dispute; the referee rules on it.
          </p>
          <OpenDisputeForm gameId={id} revision={revision} />
        </div>
      )}
    </>
  );
}
