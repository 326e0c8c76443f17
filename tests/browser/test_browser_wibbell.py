#!/usr/bin/env python3
import wbbrowser
