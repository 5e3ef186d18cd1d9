// The package root: what the host, remotes and their tests import (the federated singleton). The contract
// they speak is @originate/contract; the standalone start of a remote is './standalone'.
export * from './http';
export * from './session';
export * from './ui';
export * from './ui/slots';
