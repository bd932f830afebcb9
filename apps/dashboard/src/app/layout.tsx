import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { SiteHeader } from '../components/site-header';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Corbeille dashboard', template: '%s · Corbeille' },
  description: 'Leagues, classes, live price boards, audit trails, replays and disputes of Stock Ticker, BOLSA and Maxi Bourse games refereed by Corbeille.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main">{children}</main>
        <footer className="site-footer">Every figure on these pages is read from the Corbeille API or computed from what it returns. Money is shown in each game’s currency (dollars; euros for BOLSA), times in UTC.</footer>
      </body>
    </html>
  );
}
