import type { CodegenConfig } from '@graphql-codegen/cli';
import { fileURLToPath } from 'node:url';

// Resolved from this file, so codegen gives the same output whatever directory it is run from.
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const config: CodegenConfig = {
  schema: here('../../schema.graphql'),
  documents: [here('./src/**/*.{ts,tsx}'), `!${here('./src/gql/**/*')}`],
  ignoreNoDocuments: false,
  generates: {
    [here('./src/gql/')]: {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumType: 'string-literal',
        nonOptionalTypename: false,
        skipTypename: false,
      },
    },
  },
};

export default config;
