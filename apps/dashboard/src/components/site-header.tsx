import Link from 'next/link';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="inner">
        <Link href="/" className="brand">
          Corbeille<small>referee &amp; record-keeper</small>
        </Link>
        <nav aria-label="Main">
          <Link href="/">Leagues and games</Link>
        </nav>
      </div>
    </header>
  );
}
