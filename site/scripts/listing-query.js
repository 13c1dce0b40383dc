// Home and the category pages, opened with ?category or ?search (the header's search forms land here): trim
// the terms in the address, then hide the server-built list until the island has read them, so the unfiltered
// list never flashes. A classic, parser-blocking script from <head> because it has to run before the list is
// painted; a file because the CSP allows no inline script or handler.
// A block, so its names stay out of the page's global scope.
{
  const params = new URLSearchParams(location.search);
  let query = false;
  for (const key of ['category', 'search']) {
    const value = params.get(key);
    if (value === null) continue;
    if (value.trim()) params.set(key, value.trim());
    else params.delete(key);
    query ||= Boolean(value.trim());
  }
  const text = params.toString();
  const search = text ? `?${text}` : '';
  if (search !== location.search)
    history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  if (query) document.documentElement.dataset.listingQuery = '';
}
