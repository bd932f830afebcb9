import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { API_HINT, ErrorNotice } from '../../../../components/error-notice';
import { MembersManager } from '../../../../components/members-manager';
import { requireAccount } from '../../../../lib/account';
import { describeError, isNotFoundError } from '../../../../lib/graphql';
import { fetchLeague, leagueHref, type LeagueDetail } from '../../../../lib/leagues';

type Params = Promise<{ id: string }>;

export const metadata: Metadata = { title: 'Members and roles' };

export default async function MembersPage({ params }: { params: Params }) {
  const { id } = await params;
  const { account, request } = await requireAccount(`/leagues/${encodeURIComponent(id)}/members`);
  let league: LeagueDetail | null;
  try {
    league = await fetchLeague(request, id);
  } catch (error) {
    if (isNotFoundError(error)) notFound();
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  if (league === null) notFound();
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <ol>
          <li>
            <Link href="/leagues">Leagues and classes</Link>
          </li>
          <li>
            <Link href={leagueHref(league)}>{league.name}</Link>
          </li>
          <li aria-current="page">Members</li>
        </ol>
      </nav>
      <h1>Members and roles of {league.name}</h1>
      {league.myRole !== 'ORGANISER' ? (
        <div className="notice warn">
          <p>Only the {league.kind === 'CLASS' ? 'teachers' : 'organisers'} change members and roles; you see the list.</p>
        </div>
      ) : null}
      <MembersManager
        leagueId={league.id}
        kind={league.kind}
        initial={league.members}
        canManage={league.myRole === 'ORGANISER'}
        selfId={account.id}
      />
    </>
  );
}
