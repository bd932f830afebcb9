import Link from 'next/link';

export default function GameNotFound() {
  return (
    <div className="notice" role="alert">
      <h1>Game not found</h1>
      <p>The Corbeille API knows no game with this id. It may have been mistyped, or the data directory may not hold it.</p>
      <p>
        <Link href="/">Back to the leagues and games</Link>
      </p>
    </div>
  );
}
