// The shops feature's public face: the users feature refreshes a shop's page after an invitation
// is answered.

export { shopKeys } from './api/keys';
