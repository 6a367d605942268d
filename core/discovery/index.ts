export { DiscoveryDocuments } from './documents.ts';
export { groupsOf, compareVersions, verbsOf, subresourcesOf, type GroupInfo } from './groups.ts';
export { storageVersionHash, storageVersionHashOf } from './storage-version-hash.ts';
export { removedMessage } from './removed.ts';
