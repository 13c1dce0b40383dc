declare namespace App {
  interface Locals {
    /** Set by the warm renderer for every render (site/render/). */
    site?: import('./lib/build/site-data.ts').SiteData;
    /** Set by the renderer's preview (a draft shown through a preview link): the page is marked and kept out of indexes. */
    preview?: boolean;
  }
}
