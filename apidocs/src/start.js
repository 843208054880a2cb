// Starts Swagger UI on /api/docs (a file of its own: the page's script policy runs no inline
// script). The description is the panel's own /api/openapi.json; "Authorize" takes the Bearer
// token a sign-in (POST /api/auth/login) answers.
(function start() {
  // A browser that has the panel open holds its CSRF cookie, and then the server wants the
  // token echoed in a header (docs/security.md): sent as the panel's own client sends it.
  function csrfToken() {
    const found = document.cookie.split('; ').find((part) => part.startsWith('XSRF-TOKEN='));
    return found ? decodeURIComponent(found.slice('XSRF-TOKEN='.length)) : null;
  }

  // Kept on `window.ui` for the browser test to read its settings.
  window.ui = window.SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: false,
    // No badge from validator.swagger.io: its default would send the description's address to
    // a third party from every page view (and the page's image policy refuses it anyway).
    validatorUrl: null,
    requestInterceptor(request) {
      const token = csrfToken();
      if (token) request.headers['X-XSRF-TOKEN'] = token;
      return request;
    },
  });
})();
