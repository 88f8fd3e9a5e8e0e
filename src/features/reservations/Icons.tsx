// The line icons moved to components/LineIcon (the events pages use them too). This alias keeps the
// date picker's import as it is while the form kit (src/components/form) replaces it; delete it then.
export { LineIcon as Icon, type LineIconName as IconName } from '../../components/LineIcon';
