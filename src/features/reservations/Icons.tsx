// The line icons moved to components/VenueIcon (the events pages use them too). This alias keeps the
// date picker's import as it is while the form kit (src/components/form) replaces it; delete it then.
export { VenueIcon as Icon, type VenueIconName as IconName } from '../../components/VenueIcon';
