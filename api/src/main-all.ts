import { startRuntime } from '@ai-coaching/platform';
import { listeningUrl, startOneProcess } from './one-process.js';

await startRuntime('ai-coaching', async (context) => {
  const { server } = await startOneProcess(context);
  const url = listeningUrl(server, context.config.publicUrl);
  context.logger.info({ url }, 'listening');
  process.stdout.write(`\n  AI-Coaching is running at ${url}  (Ctrl+C to stop)\n\n`);
});
