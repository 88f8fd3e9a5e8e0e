import { Fragment } from 'react';
import { Link } from 'wouter';
import { splitRouteMentions } from '../../lib/routeLinks';

/** Text whose "(/path)" mentions become links to those pages (see routeLinks.ts). */
export function RouteLinkedText({ text }: { text: string }) {
  return (
    <>
      {splitRouteMentions(text).map((segment, index) =>
        segment.type === 'link' ? (
          <Link key={index} href={segment.href}>
            {segment.text}
          </Link>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}
