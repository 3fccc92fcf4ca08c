/// Small hand-written `.xcstrings` files, each covering some of the rules of `XCStringsParser` (docs/semantics/catalog-formats.md §C3 and the
/// quirks 13–21 of shared/catalogs/SOURCES.md), laid out the way Xcode writes them (`" : "`, 2-space indent) so the
/// positions in the tests can be counted by hand: a `"value"` line indented by N spaces has its string at column N+11.
enum XCStringsFixtures {
    /// Plain string units: every state, JSON escapes, a unit without state, locales as written.
    static let states = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "greeting" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Hallo\n\"Welt\" \u00e9\t\/"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "Hello"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "needs_review",
                    "value" : "Bonjour"
                  }
                },
                "ja" : {
                  "stringUnit" : {
                    "state" : "stale",
                    "value" : "こんにちは"
                  }
                },
                "zh-Hans" : {
                  "stringUnit" : {
                    "value" : "你好"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """#

    /// Plural and device variations, nested device→plural, and the parts that are skipped.
    static let variations = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "items %lld" : {
              "localizations" : {
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld item"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld items"
                        }
                      }
                    }
                  }
                },
                "pl" : {
                  "variations" : {
                    "plural" : {
                      "few" : {
                        "stringUnit" : {
                          "state" : "needs_review",
                          "value" : "%lld elementy"
                        }
                      },
                      "several" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "?"
                        }
                      },
                      "many" : {

                      }
                    }
                  }
                }
              }
            },
            "platform" : {
              "localizations" : {
                "en" : {
                  "variations" : {
                    "device" : {
                      "iphone" : {
                        "variations" : {
                          "plural" : {
                            "one" : {
                              "stringUnit" : {
                                "state" : "translated",
                                "value" : "%lld iPhone"
                              }
                            },
                            "other" : {
                              "stringUnit" : {
                                "state" : "translated",
                                "value" : "%lld iPhones"
                              }
                            }
                          }
                        }
                      },
                      "mac" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Mac"
                        }
                      }
                    },
                    "width" : {
                      "narrow" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "x"
                        }
                      }
                    }
                  }
                },
                "de" : {

                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "new"
                  }
                },
                "it" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Piattaforma"
                  },
                  "variations" : {
                    "device" : {
                      "ipad" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "iPad"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """#

    /// Substitutions: two with argNum 1/2 referenced in the other order than they are defined, one without argNum,
    /// a positional reference, a nested reference, a cycle, an undefined one, one referenced twice, a form without
    /// a value, `%%` and `%arg` in the value, a missing formatSpecifier, and a substitution under a device variation.
    static let substitutions = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "posts %lld %lld" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%#@people@ wrote %#@posts@"
                  },
                  "substitutions" : {
                    "posts" : {
                      "argNum" : 1,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg post"
                            }
                          },
                          "other" : {
                            "stringUnit" : {
                              "state" : "needs_review",
                              "value" : "%arg posts"
                            }
                          }
                        }
                      }
                    },
                    "people" : {
                      "argNum" : 2,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg person"
                            }
                          },
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg people"
                            }
                          }
                        }
                      }
                    }
                  }
                },
                "ja" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%#@n@ / %3$#@m@ / 100%% %arg"
                  },
                  "substitutions" : {
                    "n" : {
                      "formatSpecifier" : "d",
                      "variations" : {
                        "plural" : {
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg 件"
                            }
                          }
                        }
                      }
                    },
                    "m" : {
                      "formatSpecifier" : "%@",
                      "variations" : {
                        "plural" : {
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg 人 (%2$@)"
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            },
            "nested" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%#@files@"
                  },
                  "substitutions" : {
                    "files" : {
                      "argNum" : 1,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg file in %#@folders@"
                            }
                          },
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg files in %#@folders@"
                            }
                          }
                        }
                      }
                    },
                    "folders" : {
                      "argNum" : 2,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg folder"
                            }
                          },
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg folders"
                            }
                          }
                        }
                      }
                    }
                  }
                },
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%#@a@"
                  },
                  "substitutions" : {
                    "a" : {
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg %#@b@"
                            }
                          }
                        }
                      }
                    },
                    "b" : {
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%#@a@"
                            }
                          }
                        }
                      }
                    }
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%#@missing@"
                  }
                }
              }
            },
            "twice" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%#@n@ of %#@n@"
                  },
                  "substitutions" : {
                    "n" : {
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg"
                            }
                          },
                          "few" : {
                            "stringUnit" : {
                              "state" : "translated"
                            }
                          },
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg!"
                            }
                          }
                        }
                      }
                    }
                  }
                },
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%#@n@"
                  },
                  "substitutions" : {
                    "n" : {
                      "variations" : {
                        "plural" : {
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg Stück"
                            }
                          }
                        }
                      }
                    }
                  }
                },
                "fr" : {
                  "variations" : {
                    "device" : {
                      "mac" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%#@n@ sur Mac"
                        }
                      }
                    }
                  },
                  "substitutions" : {
                    "n" : {
                      "argNum" : 1,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg fois"
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """#

    /// Keys whose source text is the key (no source localization, `{}`, the empty key, a symbol key) and keys that
    /// must not be translated; the source language is `de` to show it is read from the file.
    static let sources = #"""
        {
          "sourceLanguage" : "de",
          "strings" : {
            "" : {

            },
            "  ⸱  " : {
              "localizations" : {
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "  ⸱  "
                  }
                }
              }
            },
            "Zeile\nzwei \"x\"" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Line\ntwo"
                  }
                }
              }
            },
            "Marke" : {
              "shouldTranslate" : false,
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "TextSize™"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "TextSize (TM)"
                  }
                }
              }
            },
            "Logo" : {
              "comment" : "MARK: not translated",
              "shouldTranslate" : false
            },
            "Broken" : "oops",
            "Flag" : {
              "shouldTranslate" : "no"
            },
            "List" : {
              "localizations" : [

              ]
            },
            "Bad unit" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : 3,
                    "value" : "x"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : 5
                  }
                },
                "fr" : "texte"
              }
            }
          },
          "version" : "1.0"
        }
        """#
}
