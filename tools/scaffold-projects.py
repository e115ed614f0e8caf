# Generator for new services: writes package.json, project.json and tsconfig.json per project.
# Run `npx prettier --write "{apps,libs}/*/{package,project,tsconfig}.json"` afterwards.
import json, os, sys
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVICES = ['identity', 'keys', 'billing', 'memory', 'ingestion', 'chat']
libs = {
  'contracts': ['scope:shared', 'type:contracts'],
  'platform': ['scope:shared', 'type:util'],
  'bus': ['scope:shared', 'type:util'],
  'embedded-store': ['scope:shared', 'type:data-access'],
  'mongo-store': ['scope:shared', 'type:data-access'],
  'edge': ['scope:shared', 'type:util'],
  'runtime': ['scope:shared', 'type:util'],
  'auth-tokens': ['scope:shared', 'type:util'],
  'gateway': ['scope:gateway', 'type:domain'],
  'bff': ['scope:bff', 'type:domain'],
  **{s: [f'scope:{s}', 'type:domain'] for s in SERVICES},
}
apps = {
  **{s: [f'scope:{s}', 'type:app'] for s in SERVICES},
  'gateway': ['scope:gateway', 'type:app'],
  'bff': ['scope:bff', 'type:app'],
  'standalone': ['scope:standalone', 'type:app'],
}
def write(path, data):
  with open(path, 'w') as f:
    f.write(json.dumps(data, indent=2) + '\n')
for kind, table in (('libs', libs), ('apps', apps)):
  for name, tags in table.items():
    root = f'{kind}/{name}'
    os.makedirs(os.path.join(ROOT, root, 'src'), exist_ok=True)
    project = name if kind == 'libs' else f'{name}-app'
    pkg = {'name': f'@membolt/{name}' if kind == 'libs' else f'@membolt/{name}-app', 'version': '0.1.0', 'private': True, 'type': 'module'}
    if kind == 'apps' and name == 'standalone':
      pkg['bin'] = {'membolt': 'bin/membolt.js'}
    if kind == 'libs':
      exports = {'.': {'membolt-source': './src/index.ts', 'default': './dist/index.js'}}
      if os.path.exists(os.path.join(ROOT, root, 'src/testing/index.ts')):
        exports['./testing'] = {'membolt-source': './src/testing/index.ts', 'default': './dist/testing/index.js'}
      pkg['exports'] = exports
    write(os.path.join(ROOT, root, 'package.json'), pkg)
    write(os.path.join(ROOT, root, 'project.json'), {
      '$schema': '../../node_modules/nx/schemas/project-schema.json',
      'name': project,
      'sourceRoot': f'{root}/src',
      'projectType': 'library' if kind == 'libs' else 'application',
      'tags': tags,
      'targets': {
        'build': {'command': f'node tools/build-server.mjs {root}'},
        'typecheck': {'command': f'tsc -p {root}/tsconfig.json' + (f' && tsc -p {root}/e2e/tsconfig.json' if os.path.exists(os.path.join(ROOT, root, 'e2e/tsconfig.json')) else '')},
        'lint': {'command': f'eslint {root}'},
      },
    })
    write(os.path.join(ROOT, root, 'tsconfig.json'), {'extends': '../../tsconfig.base.json', 'include': ['src/**/*.ts']})
