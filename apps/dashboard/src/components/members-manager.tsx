'use client';

import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../lib/format';
import type { ErrorInfo } from '../lib/graphql';
import { ADD_MEMBER_MUTATION, LEAGUE_ROLES, roleLabel, type LeagueKind, type LeagueMember, type LeagueRole } from '../lib/leagues';
import { submitGraphQL } from '../lib/mutate';
import { ErrorNotice } from './error-notice';

interface Props {
  readonly leagueId: string;
  readonly kind: LeagueKind;
  readonly initial: readonly LeagueMember[];
  readonly canManage: boolean;
  readonly selfId: string;
}

export function MembersManager({ leagueId, kind, initial, canManage, selfId }: Props) {
  const [members, setMembers] = useState<readonly LeagueMember[]>(initial);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<LeagueRole>('PLAYER');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function merge(member: LeagueMember) {
    setMembers((current) =>
      current.some((candidate) => candidate.accountId === member.accountId)
        ? current.map((candidate) => (candidate.accountId === member.accountId ? member : candidate))
        : [...current, member],
    );
  }

  async function add(input: Record<string, string>, what: string): Promise<boolean> {
    setPending(true);
    setError(null);
    setDone(null);
    const result = await submitGraphQL<{ addLeagueMember: LeagueMember }>(ADD_MEMBER_MUTATION, { input: { leagueId, ...input } });
    setPending(false);
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    merge(result.data.addLeagueMember);
    setDone(`${result.data.addLeagueMember.displayName} ${what} (${roleLabel(result.data.addLeagueMember.role, kind)}).`);
    return true;
  }

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await add({ email, role }, 'is a member')) setEmail('');
  }

  return (
    <>
      {error !== null ? <ErrorNotice error={error} /> : null}
      {done !== null ? (
        <div className="notice" role="status">
          <p>{done}</p>
        </div>
      ) : null}
      <section className="panel" aria-labelledby="member-list-title">
        <h2 id="member-list-title">Members</h2>
        <div className="table-wrap">
          <table data-testid="members-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Member since</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.accountId} data-account={member.accountId}>
                  <th scope="row">
                    {member.displayName}
                    {member.accountId === selfId ? <span className="muted"> (you)</span> : null}
                  </th>
                  <td>
                    {canManage ? (
                      <select
                        aria-label={`Role of ${member.displayName}`}
                        value={member.role}
                        disabled={pending}
                        onChange={(event) => void add({ accountId: member.accountId, role: event.target.value }, 'has a new role')}
                      >
                        {LEAGUE_ROLES.map((candidate) => (
                          <option key={candidate} value={candidate}>
                            {roleLabel(candidate, kind)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      roleLabel(member.role, kind)
                    )}
                  </td>
                  <td className="small">{formatDateTime(member.addedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {canManage ? (
        <section className="panel" aria-labelledby="invite-title">
          <h2 id="invite-title">Add a member</h2>
          <p className="small muted">The person needs a Corbeille account; add them by the email they signed up with.</p>
          <form className="form inline" onSubmit={invite} data-testid="add-member-form">
            <label className="field">
              <span>Email</span>
              <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            </label>
            <label className="field">
              <span>Role</span>
              <select value={role} onChange={(event) => setRole(event.target.value as LeagueRole)}>
                {LEAGUE_ROLES.map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {roleLabel(candidate, kind)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button" disabled={pending}>
              {pending ? 'Adding…' : 'Add'}
            </button>
          </form>
        </section>
      ) : null}
    </>
  );
}
