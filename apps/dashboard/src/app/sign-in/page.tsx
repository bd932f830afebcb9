import type { Metadata } from 'next';
import { safeNextPath } from '../../lib/account';
import { SignInForm } from '../../components/sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const target = safeNextPath(Array.isArray(next) ? next[0] : next);
  return (
    <>
      <h1>Sign in</h1>
      <p className="muted">Organisers, teachers, referees and players sign in with their Corbeille account.</p>
      <div className="panel narrow">
        <SignInForm next={target} />
      </div>
    </>
  );
}
