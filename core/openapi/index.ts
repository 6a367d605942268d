export { OpenApiDocuments } from './documents.ts';
export { DefinitionCollector } from './schemas.ts';
