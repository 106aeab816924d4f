// The commands' query keys (docs/web.md, "Data layer"). A command's entry belongs to the comments
// feature's factory (a comment's page in a command's thread reads it, and comments may not import
// this feature); it comes here through that feature's public face.

export { commandKeys } from '../../comments';
