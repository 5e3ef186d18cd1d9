// A page built without federation that hosts a remote's module (the applicants' portal, which places the video
// remote's './VideoCall'): it starts the federation runtime itself, provides its core to the remotes (each
// remoteEntry.js reads the host's instead of carrying its own: createAppConfig's externalRuntime), and offers the
// remote the page's own copies of what must be one per page. A federated page (the shell) never calls it: the
// plugin starts and provides the runtime and shares every singleton (shared/build createAppConfig).
//
// Offered: what holds state a remote must see (React and React DOM, the jotai store with the web package's session
// atoms, the TanStack Query client, emotion's cache and theme, MUI's default props from the theme). Everything
// else a remote imports (MUI components, the contract) it brings itself: the page keeps its tree-shaken bundle.

import * as emotion from '@emotion/react';
import emotionPackage from '@emotion/react/package.json';
import * as emotionStyled from '@emotion/styled';
import emotionStyledPackage from '@emotion/styled/package.json';
import { init } from '@module-federation/enhanced/runtime';
import provideRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import * as defaultProps from '@mui/system/DefaultPropsProvider';
import muiSystemPackage from '@mui/system/package.json';
import * as web from '@originate/web';
import webPackage from '@originate/web/package.json';
import * as query from '@tanstack/react-query';
import queryPackage from '@tanstack/react-query/package.json';
import * as jotai from 'jotai';
import jotaiPackage from 'jotai/package.json';
import * as react from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';

type Module = Record<string, unknown>;

/** share key → [version, module]: keys as createAppConfig's shared config names them. */
function pageShares(): Record<string, [string, Module]> {
  return {
    react: [react.version, react],
    'react/jsx-runtime': [react.version, jsxRuntime],
    'react-dom': [reactDom.version, reactDom],
    'react-dom/client': [reactDom.version, reactDomClient],
    jotai: [jotaiPackage.version, jotai],
    '@tanstack/react-query': [queryPackage.version, query],
    '@emotion/react': [emotionPackage.version, emotion],
    '@emotion/styled': [emotionStyledPackage.version, emotionStyled],
    '@originate/web': [webPackage.version, web],
    // MUI's default-props context (the theme's component defaults), under the subpath key and the file key
    // createAppConfig gives every MUI module that creates a context.
    '@mui/system/DefaultPropsProvider': [muiSystemPackage.version, defaultProps],
    '@mui/system/DefaultPropsProvider/DefaultPropsProvider.mjs': [muiSystemPackage.version, defaultProps],
  };
}

let started = false;

/** Starts the federation runtime of a page built without federation, once; `name` names the page (a JS identifier). */
export function startPageHost(name: string): void {
  if (started) return;
  started = true;
  const shared = Object.fromEntries(
    Object.entries(pageShares()).map(([key, [version, lib]]) => [
      key,
      {
        version,
        lib: () => lib,
        shareConfig: { singleton: true, requiredVersion: `^${version}` },
      },
    ]),
  );
  init({ name, remotes: [], shared, shareStrategy: 'loaded-first', plugins: [provideRuntimeCore()] });
}
