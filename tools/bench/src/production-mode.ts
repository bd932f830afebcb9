import { randomBytes } from 'node:crypto';

/**
 * The benchmarks run the API as it is deployed (the image sets NODE_ENV=production: graphql-js, Express
 * and Apollo Server then skip their development checks), unless NODE_ENV says otherwise. Production
 * requires AUTH_SECRET: a random one is made for the run. Imported first, before anything loads graphql.
 */
process.env['NODE_ENV'] ??= 'production';
if (process.env['NODE_ENV'] === 'production') process.env['AUTH_SECRET'] ??= randomBytes(32).toString('hex');
