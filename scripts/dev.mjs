// `npm run dev`: the API with reload on change (API_PORT, 5001) and Vite with hot reload on PORT
// (5000), which proxies /api to it.
import concurrently from 'concurrently';

const apiPort = process.env.API_PORT ?? '5001';
const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'tsx watch --clear-screen=false server/index.ts',
      env: { PORT: apiPort, HOST: '127.0.0.1' },
      prefixColor: 'blue',
    },
    { name: 'web', command: 'vite', env: { API_PORT: apiPort }, prefixColor: 'green' },
  ],
  { killOthersOn: ['failure', 'success'] },
);
result.catch(() => process.exit(1));
