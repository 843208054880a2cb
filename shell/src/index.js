// The entry only loads CSS and steps over an async boundary: the shared modules (React, the
// router, the kit...) can be negotiated in the share scope before anything imports them.
import 'bootstrap/dist/css/bootstrap.min.css';
import '@smogpanel/kit/kit.css';
import './shell.css';

import(/* webpackChunkName: "app" */ './bootstrap.jsx');
