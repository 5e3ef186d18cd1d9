// What the apps import from 'react-router-dom', and all the shared router carries. Every app shares the router
// as one singleton, and a shared module keeps every export of what it shares (no build knows what another will
// import): the whole of React Router 7 (data routers, server rendering, cookies and sessions) was 52 KiB br on
// every back-office screen, where this part is about 15 KiB. createAppConfig shares this file under the key
// 'react-router-dom' and fails a build that imports a name not listed here: add the name, and rebuild every app.
// From 'react-router', which 'react-router-dom' re-exports (and depends on, so every app has it; knip.json): an import
// of 'react-router-dom' here would consume the share this file provides.
export {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
