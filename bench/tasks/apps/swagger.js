// Swagger UI (swagger-ui-dist) over the bench server's own petstore-like spec; every response
// it receives is recorded, so "Try it out" is judged by the request that really went out.
import 'swagger-ui-dist/swagger-ui.css';
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-bundle.js';
import { report } from './report.js';

SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#root',
  validatorUrl: null,
  docExpansion: 'full',
  responseInterceptor: response => {
    if (!response.url.endsWith('/openapi.json')) report({ response: { url: new URL(response.url).pathname, status: response.status } });
    return response;
  },
});
