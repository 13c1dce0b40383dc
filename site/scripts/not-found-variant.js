// One static 404 page answers every unknown path; under /post/ it reads as the article's 'Post Not Found'
// state. A classic, parser-blocking script (CSP allows no inline script) so the right variant is the first painted.
if (location.pathname.startsWith('/post/')) document.documentElement.dataset.notFound = 'post';
