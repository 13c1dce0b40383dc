declare namespace App {
  interface Locals {
    /** Set by the warm renderer for every render (site/render/). */
    site?: import('./lib/site-data.ts').SiteData;
  }
}
