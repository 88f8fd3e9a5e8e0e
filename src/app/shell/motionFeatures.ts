// Loaded after first paint so framer-motion's animation features stay out of the entry chunk.
import { domAnimation } from 'framer-motion';
export default domAnimation;
