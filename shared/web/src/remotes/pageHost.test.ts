import { init } from '@module-federation/enhanced/runtime';
import * as web from '@originate/web';
import * as jotai from 'jotai';
import * as react from 'react';
import { startPageHost } from './pageHost';

jest.mock('@module-federation/enhanced/runtime', () => ({ init: jest.fn() }));
const mockedInit = init as jest.MockedFunction<typeof init>;

type Share = { version: string; lib: () => unknown; shareConfig: { singleton: boolean; requiredVersion: string } };

describe('startPageHost (a page built without federation hosting a remote)', () => {
  it("starts the runtime once, offering the page's own singletons a remote must share", () => {
    startPageHost('mfe_customer_flow_page');
    startPageHost('mfe_customer_flow_page');
    expect(mockedInit).toHaveBeenCalledTimes(1);
    const options = mockedInit.mock.calls[0]?.[0] as unknown as {
      name: string;
      remotes: unknown[];
      shareStrategy: string;
      shared: Record<string, Share>;
      plugins: { name: string }[];
    };
    expect(options).toMatchObject({ name: 'mfe_customer_flow_page', remotes: [], shareStrategy: 'loaded-first' });
    // The runtime's core, which every remoteEntry.js reads from the page instead of carrying its own.
    expect(options.plugins.map((plugin) => plugin.name)).toEqual(['inject-external-runtime-core-plugin']);
    expect(Object.keys(options.shared).sort()).toEqual([
      '@emotion/react',
      '@emotion/styled',
      '@mui/system/DefaultPropsProvider',
      '@mui/system/DefaultPropsProvider/DefaultPropsProvider.mjs',
      '@originate/web',
      '@tanstack/react-query',
      'jotai',
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
    ]);
    const lib = <T>(key: string) => options.shared[key]?.lib() as T;
    // The very modules this page runs: one React, one jotai store, one session.
    expect(lib<typeof react>('react').useState).toBe(react.useState);
    expect(lib<typeof jotai>('jotai').useAtomValue).toBe(jotai.useAtomValue);
    expect(lib<typeof web>('@originate/web').sessionAtom).toBe(web.sessionAtom);
    expect(options.shared.react).toMatchObject({
      version: react.version,
      shareConfig: { singleton: true, requiredVersion: `^${react.version}` },
    });
  });
});
