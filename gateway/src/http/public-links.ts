// The short links texted to passengers — `/s/<token>` for a digital duty slip, `/f/<token>` for a
// feedback form, short because a text's variable should be — sent on to their pages. Nothing is looked
// up here: the page asks bookings, which answers any token that opens nothing as "not found".
import { PUBLIC_LINK_PAGE_PATHS, PUBLIC_LINK_PURPOSES, PUBLIC_LINK_SHORT_PATHS } from '@fleet/domain';
import express, { type Router } from 'express';

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

export function publicLinksRouter(): Router {
  const links = express.Router();
  for (const purpose of PUBLIC_LINK_PURPOSES) {
    links.get(`${PUBLIC_LINK_SHORT_PATHS[purpose]}/:token`, (req, res, next) => {
      const token = req.params.token ?? '';
      if (!TOKEN.test(token)) return next();
      // Not cached: a link is one passenger's, and the page it leads to may close.
      res.set('Cache-Control', 'no-store').redirect(302, `${PUBLIC_LINK_PAGE_PATHS[purpose]}/${token}`);
    });
  }
  return links;
}
