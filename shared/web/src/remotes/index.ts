// '@originate/web/remotes': the runtime remotes manifest (/remotes.json) as every page hosting remotes reads it.
// Light (no MUI, no federation runtime), so the shell's login path may import it; rendering remotes is
// '@originate/web/remote-host', starting the runtime in a page built without federation '@originate/web/page-host'.
export { fetchManifest, parseManifest, permittedRemotes, slotProvider } from './manifest';
export { useManifest } from './useManifest';
