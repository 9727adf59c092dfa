// Runs s3rver in a process of its own, started by s3-server.ts with --openssl-legacy-provider:
// s3rver makes its list continuation tokens with DES, which OpenSSL 3 (Node 17+) only has there.
// argv: <directory> <bucket>. Prints {"port":N} once listening; exits when its parent goes away.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
const stop = () => server.close().finally(() => process.exit(0));
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
