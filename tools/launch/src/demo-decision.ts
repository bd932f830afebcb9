/** Whether `npm start` plays the demo league into the data directory, and why (printed at start). */
export interface DemoDecision {
  readonly seed: boolean;
  readonly reason: string;
}

/**
 * The demo league brings accounts whose password is public (`corbeille-demo`), an organiser and a
 * teacher among them: a production server must hold no account it did not get from its users. So the
 * demo is seeded when asked (`--demo`, or `npm start --demo`, which npm passes on as
 * `npm_config_demo`), or outside production; `--no-demo` turns it off anywhere; in production
 * (`NODE_ENV=production`) never unless asked.
 */
export function decideDemoSeed(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): DemoDecision {
  if (argv.includes('--no-demo')) return { seed: false, reason: 'the demo is off (--no-demo)' };
  if (argv.includes('--demo')) return { seed: true, reason: 'the demo was asked for (--demo)' };
  const npmFlag = env['npm_config_demo'];
  if (npmFlag !== undefined && npmFlag !== '' && npmFlag !== 'false') return { seed: true, reason: 'the demo was asked for (npm start --demo)' };
  if (env['NODE_ENV'] === 'production') {
    return { seed: false, reason: 'NODE_ENV=production: no demo accounts (start with --demo to seed the demo league)' };
  }
  return { seed: true, reason: `NODE_ENV=${env['NODE_ENV'] ?? '(unset)'}: the demo league is seeded (--no-demo to skip)` };
}
