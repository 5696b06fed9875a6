// The order of a room's features (docs/decisions/039): a feature imports only those below it, so
// no two features import each other and a change to an upper one never reaches a lower one. The
// rule takes the room (`room`, e.g. `lib/portal`) and its features lowest first (`order`, each a
// folder or a top-level file's name without extension); it reports an import of a feature above
// the importing one, and any file in a feature the order does not name (a new feature is given
// its place first). Type imports and re-exports count: they tie the two as much as a value.
import path from 'node:path';

const EXTENSION = /\.(?:[cm]?[jt]sx?)$/;

/** The feature a repository path lies in (`lib/portal/stays/x.ts` -> `stays`), else null. */
function featureOf(repoPath, room) {
  const prefix = `${room}/`;
  if (!repoPath.startsWith(prefix)) return null;
  const [first] = repoPath.slice(prefix.length).split('/');
  return first ? first.replace(EXTENSION, '') : null;
}

/** An import's target as a repository path, or null when it lies outside the repository's code. */
function targetOf(source, fileRepoPath) {
  if (source.startsWith('@/')) return path.posix.normalize(source.slice(2));
  if (source.startsWith('./') || source.startsWith('../')) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(fileRepoPath), source));
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const featureOrder = {
  meta: {
    type: 'problem',
    docs: { description: "Holds a room's features in one order: each imports only lower ones." },
    schema: [
      {
        type: 'object',
        properties: {
          room: { type: 'string' },
          order: { type: 'array', items: { type: 'string' }, uniqueItems: true },
        },
        required: ['room', 'order'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        "{{from}} may not import {{to}}: {{to}} sits above it in {{room}}'s feature order (eslint.config.mjs). Move the shared piece down, or let {{to}} call {{from}}.",
      unplaced:
        "{{feature}} has no place in {{room}}'s feature order: add it to the order in eslint.config.mjs.",
    },
  },
  create(context) {
    const { room, order } = context.options[0];
    const rank = new Map(order.map((name, i) => [name, i]));
    const fileRepoPath = path
      .relative(context.cwd, context.filename)
      .split(path.sep)
      .join(path.posix.sep);
    const from = featureOf(fileRepoPath, room);
    if (from === null) return {};

    function check(node, source) {
      if (typeof source !== 'string') return;
      const target = targetOf(source, fileRepoPath);
      const to = target && featureOf(target, room);
      if (!to || to === from) return;
      const above = rank.get(to);
      if (above === undefined) {
        context.report({ node, messageId: 'unplaced', data: { feature: to, room } });
      } else if (above > rank.get(from)) {
        context.report({ node, messageId: 'upward', data: { from, to, room } });
      }
    }

    return {
      Program(node) {
        if (!rank.has(from)) {
          context.report({ node, messageId: 'unplaced', data: { feature: from, room } });
        }
      },
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(node, literal.value);
      },
    };
  },
};

const plugin = { rules: { 'feature-order': featureOrder } };

export default plugin;
